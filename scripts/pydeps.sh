#!/usr/bin/env bash
# Python packages that tests and benchmarks use as peers (PyPI), and those that build and test
# the Python package (maturin, pytest, nbclient, nbformat, ipykernel: scripts/test.sh names them):
# installs them into one virtual environment (default ~/.cache/wgrnd/venv, or $WGRND_VENV) and
# prints its bin directory, which the caller puts first on PATH. Binaries that a wheel ships outside bin/ (kissat inside
# passagemath-kissat) are linked into bin/. Needs python3 with venv (Debian: python3-venv, which
# is installed with apt-get when missing and running as root).
#   PATH="$(scripts/pydeps.sh pyganak distributed):$PATH" cargo test ...
set -euo pipefail
venv=${WGRND_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/wgrnd/venv}
if ! [ -x "$venv/bin/python" ]; then
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
      rm -rf "$venv"
      python3 -m venv "$venv" >/dev/null
    else
      echo "scripts/pydeps.sh: python3 -m venv failed: apt-get install python3-venv" >&2
      exit 1
    fi
  fi
fi
if [ "$#" -gt 0 ]; then
  # pip is quiet and quick when everything is already there.
  "$venv/bin/python" -m pip install -q --disable-pip-version-check "$@" >&2
fi
# kissat from passagemath-kissat lives in the wheel's data, not in bin/.
purelib=$("$venv/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
if [ -x "$purelib/sage_wheels/bin/kissat" ] && ! [ -e "$venv/bin/kissat" ]; then
  ln -s "$purelib/sage_wheels/bin/kissat" "$venv/bin/kissat"
fi
echo "$venv/bin"
