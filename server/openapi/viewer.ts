/**
 * The browsable API page at /api/docs/: one self-contained HTML page (no CDN, nothing fetched but
 * /api/openapi.json) that lists the operations by tag with their parameters, bodies and answers.
 */
export const VIEWER_HTML = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API 文档 - Game console API</title>
<style>
  :root { --fg: #1f2d3d; --muted: #5e6d82; --line: #dcdfe6; --bg: #f5f7fa; --get: #409eff; --post: #67c23a; --put: #e6a23c; --delete: #f56c6c; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.5 system-ui, "Noto Sans CJK SC", sans-serif; color: var(--fg); background: var(--bg); }
  header { background: #fff; border-bottom: 1px solid var(--line); padding: 16px 24px; position: sticky; top: 0; z-index: 1; }
  header h1 { margin: 0 0 4px; font-size: 20px; }
  header p { margin: 0 0 8px; color: var(--muted); }
  #filter { width: 100%; max-width: 480px; padding: 6px 10px; border: 1px solid var(--line); border-radius: 4px; font: inherit; }
  main { padding: 16px 24px; max-width: 1100px; }
  h2 { font-size: 16px; margin: 24px 0 8px; text-transform: uppercase; color: var(--muted); }
  details { background: #fff; border: 1px solid var(--line); border-radius: 4px; margin: 6px 0; }
  summary { cursor: pointer; padding: 8px 12px; display: flex; gap: 12px; align-items: center; }
  .method { display: inline-block; min-width: 64px; text-align: center; color: #fff; border-radius: 3px; font-weight: 600; font-size: 12px; padding: 2px 6px; text-transform: uppercase; }
  .get { background: var(--get); } .post { background: var(--post); } .put { background: var(--put); } .delete { background: var(--delete); }
  .path { font-family: ui-monospace, monospace; font-weight: 600; }
  .lock { color: var(--muted); font-size: 12px; }
  .body { padding: 0 12px 12px; border-top: 1px solid var(--line); }
  table { border-collapse: collapse; width: 100%; margin: 8px 0; }
  th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
  pre { background: var(--bg); padding: 8px; overflow: auto; max-height: 360px; font-size: 12px; margin: 4px 0; }
  .error { color: var(--delete); }
</style>
</head>
<body>
<header>
  <h1 id="title">API 文档</h1>
  <p id="description"></p>
  <input id="filter" type="search" placeholder="按路径或说明筛选" aria-label="筛选">
</header>
<main id="operations" data-testid="api-docs"><p>加载中…</p></main>
<script>
(function () {
  var main = document.getElementById('operations');
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.append(c); });
    return node;
  }
  function json(value) { return el('pre', {}, [JSON.stringify(value, null, 2)]); }
  function render(doc) {
    document.getElementById('title').textContent = doc.info.title + ' ' + doc.info.version;
    document.getElementById('description').textContent = doc.info.description || '';
    main.textContent = '';
    var byTag = {};
    Object.keys(doc.paths).forEach(function (path) {
      Object.keys(doc.paths[path]).forEach(function (method) {
        var op = doc.paths[path][method];
        var tag = (op.tags && op.tags[0]) || 'other';
        (byTag[tag] = byTag[tag] || []).push({ path: path, method: method, op: op });
      });
    });
    Object.keys(byTag).forEach(function (tag) {
      var section = el('section', { 'data-tag': tag }, [el('h2', {}, [tag])]);
      byTag[tag].forEach(function (entry) {
        var op = entry.op;
        var locked = op.security && op.security.length && Object.keys(op.security[0]).length;
        var head = el('summary', {}, [
          el('span', { class: 'method ' + entry.method }, [entry.method]),
          el('span', { class: 'path' }, [entry.path]),
          el('span', {}, [op.summary || '']),
          el('span', { class: 'lock' }, [locked ? 'JWT' : ''])
        ]);
        var body = el('div', { class: 'body' }, []);
        if (op.description) body.append(el('p', {}, [op.description]));
        if (op.parameters && op.parameters.length) {
          var table = el('table', {}, [el('tr', {}, [el('th', {}, ['参数']), el('th', {}, ['位置']), el('th', {}, ['必填']), el('th', {}, ['类型'])])]);
          op.parameters.forEach(function (p) {
            table.append(el('tr', {}, [el('td', {}, [p.name]), el('td', {}, [p.in]), el('td', {}, [p.required ? '是' : '否']), el('td', {}, [JSON.stringify(p.schema)])]));
          });
          body.append(table);
        }
        if (op.requestBody) {
          var types = op.requestBody.content;
          Object.keys(types).forEach(function (type) { body.append(el('h4', {}, ['请求体 ' + type]), json(types[type].schema)); });
        }
        Object.keys(op.responses || {}).forEach(function (status) {
          var r = op.responses[status];
          body.append(el('h4', {}, ['响应 ' + status + ': ' + r.description]));
          if (r.content) body.append(json(r.content['application/json'].schema));
        });
        section.append(el('details', { 'data-search': (entry.method + ' ' + entry.path + ' ' + (op.summary || '')).toLowerCase() }, [head, body]));
      });
      main.append(section);
    });
  }
  document.getElementById('filter').addEventListener('input', function (event) {
    var q = event.target.value.trim().toLowerCase();
    document.querySelectorAll('details').forEach(function (d) { d.hidden = q !== '' && d.getAttribute('data-search').indexOf(q) < 0; });
  });
  fetch('../openapi.json').then(function (r) { return r.json(); }).then(render).catch(function (e) {
    main.textContent = '';
    main.append(el('p', { class: 'error' }, ['无法读取 openapi.json: ' + e]));
  });
})();
</script>
</body>
</html>
`;
