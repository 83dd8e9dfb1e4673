#!/usr/bin/env bash
# Makes a Debian machine able to run the tests: installs the system packages the suites need when
# they are missing (apt-get, non-interactive, as root or through password-less sudo), and otherwise
# prints exactly what to run and exits non-zero. Fast and silent-ish when everything is present.
#
# Each requirement is one `need` line in requirements(): Debian packages and a check that is true
# when they are present.
set -euo pipefail

has_chromium() { [ -x /usr/bin/chromium ]; }
has_cjk_font() { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh 2>/dev/null)" ]; }
has_postgresql() { command -v psql >/dev/null 2>&1 && compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; }

missing=()
need() { # need <package...> -- <check function>
  local pkgs=() check
  while [ "$1" != "--" ]; do pkgs+=("$1"); shift; done
  check=$2
  if ! "$check"; then missing+=("${pkgs[@]}"); fi
}

requirements() {
  need chromium -- has_chromium                    # Playwright (contracts, e2e, bench) and story tests
  need fontconfig fonts-noto-cjk -- has_cjk_font   # Chinese text in screenshots instead of empty boxes
  need postgresql -- has_postgresql                # the cross-instance push test (server/ws/cluster.test.ts) and DATABASE_URL runs
}

requirements
if [ ${#missing[@]} -eq 0 ]; then
  echo "ensure-system: system packages present"
  exit 0
fi

apt_cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n env DEBIAN_FRONTEND=noninteractive)
else
  echo "ensure-system: missing system packages: ${missing[*]}" >&2
  echo "ensure-system: cannot install them (not root, no password-less sudo). Run as root:" >&2
  echo "  sudo sh -c '$apt_cmd'" >&2
  exit 1
fi

echo "ensure-system: installing ${missing[*]}"
if ! { "${as_root[@]}" apt-get update -q \
  && DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -q "${missing[@]}"; }; then
  echo "ensure-system: apt-get failed. Run by hand: $apt_cmd" >&2
  exit 1
fi

# Check again: a package that installed but did not provide what we test for is still a failure.
missing=()
requirements
if [ ${#missing[@]} -ne 0 ]; then
  echo "ensure-system: still missing after install: ${missing[*]}" >&2
  exit 1
fi
echo "ensure-system: done"
