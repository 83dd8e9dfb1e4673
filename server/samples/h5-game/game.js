/*
 * 星星收集者: the sample H5 game of @console/track. Start (register once, login), collect stars (a
 * level every 5 stars: level_up), buy gems: the game's own server reports the order signed with the
 * secret (POST ./purchase), then the page tracks `pay`. Events go with the public key from
 * ./config.json; sessions and the exit beacon are the SDK's.
 */
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var state = { level: 0, stars: 0, gems: 0 };
  var player = null;

  function say(text) { $('status').textContent = text; }
  function show() {
    $('level').textContent = String(state.level);
    $('stars').textContent = String(state.stars);
    $('gems').textContent = String(state.gems);
    $('queued').textContent = String(window.ConsoleTrack.stats().queued);
  }
  function playerId() {
    var key = 'sample-h5-player';
    var id = null;
    try { id = localStorage.getItem(key); } catch { /* sandboxed: a new player per visit */ }
    if (!id) {
      id = 'sample-' + Math.random().toString(36).slice(2, 10);
      try { localStorage.setItem(key, id); localStorage.setItem(key + ':new', '1'); } catch { /* memory only */ }
    }
    return id;
  }

  function start() {
    player = playerId();
    $('player').textContent = player;
    window.ConsoleTrack.identify(player);
    var fresh = true;
    try { fresh = localStorage.getItem('sample-h5-player:new') === '1'; localStorage.removeItem('sample-h5-player:new'); } catch { /* keep true */ }
    if (fresh) window.ConsoleTrack.track('register', { channel: 'official', platform: 'h5' });
    window.ConsoleTrack.track('login', { channel: 'official' });
    $('start').disabled = true;
    $('star').disabled = false;
    $('buy').disabled = false;
    say('游戏开始！收集 5 颗星星升一级。');
    show();
  }

  function collect() {
    state.stars++;
    if (state.stars % 5 === 0) {
      state.level++;
      window.ConsoleTrack.track('level_up', { level: state.level });
      say('升到 ' + state.level + ' 级！');
    }
    show();
  }

  function buy() {
    $('buy').disabled = true;
    say('支付中…');
    fetch('purchase', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ distinct_id: player, item: 'gems_60' }) })
      .then(function (res) { return res.json(); })
      .then(function (answer) {
        if (answer.code !== 2000) throw new Error(answer.msg || '支付失败');
        var order = answer.data;
        state.gems += order.gems;
        window.ConsoleTrack.track('pay', { amount: order.amount, currency: order.currency, order_id: order.order_id });
        say('支付成功，订单 ' + order.order_id + ' 已由游戏服务器上报。');
      })
      .catch(function (err) { say('支付失败：' + (err && err.message ? err.message : err)); })
      .then(function () { $('buy').disabled = false; show(); });
  }

  fetch('config.json')
    .then(function (res) { return res.json(); })
    .then(function (answer) {
      if (answer.code !== 2000) throw new Error(answer.msg);
      window.ConsoleTrack.init({
        host: answer.data.host || location.origin,
        publicKey: answer.data.public_key,
        flushAt: 5,
        flushIntervalMs: 1000,
        onRejected: function (rejected) { say('有 ' + rejected.length + ' 个事件被拒绝：' + rejected[0].reason); },
      });
      $('start').disabled = false;
      say('准备就绪：点“开始游戏”。');
      setInterval(show, 1000);
    })
    .catch(function (err) {
      $('start').disabled = true;
      say('示例游戏未配置：' + (err && err.message ? err.message : err));
    });
  $('start').disabled = true;
  $('start').addEventListener('click', start);
  $('star').addEventListener('click', collect);
  $('buy').addEventListener('click', buy);
})();
