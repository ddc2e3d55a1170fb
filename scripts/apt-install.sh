#!/usr/bin/env bash
# Installs the Debian packages a script needs: with apt-get when this runs as root, else it says
# what to install and fails. Usage: scripts/apt-install.sh "WHAT needs" PACKAGE...
set -euo pipefail
what="$1"
shift
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "$what: installing $*" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "$@" >/dev/null
else
  echo "$what needs $*: apt-get install -y $*" >&2
  exit 1
fi
