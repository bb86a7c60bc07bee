#!/usr/bin/env bash
# Download the pure-Python wheels the Pyodide test run loads (see requirements.txt)
# into tests/pyodide/wheels/, unless they are all there already.
# Pyodide cannot reach PyPI itself when offline, so the host fetches them once.
# REQUIREMENTS=<file> WHEELS=<dir> fetch another pinned list (the lab's kernel wheels).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
pip=${PIP:-"$here/../../.venv/bin/pip"}
requirements=${REQUIREMENTS:-"$here/requirements.txt"}
wheels=${WHEELS:-"$here/wheels"}
mkdir -p "$wheels"

missing=0
while read -r req; do
  name=${req%%==*}
  version=${req##*==}
  ls "$wheels" | grep -qi "^${name//-/_}-${version}-py[^-]*-none-any\.whl$" || missing=1
done < <(grep -vE '^\s*(#|$)' "$requirements")

if [ "$missing" = 0 ]; then
  echo "pyodide wheels: up to date in $wheels"
  exit 0
fi
"$pip" download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
  --python-version 3.14 --implementation py --abi none --platform any \
  --dest "$wheels" -r "$requirements"
echo "pyodide wheels: fetched into $wheels"
