#!/bin/sh
# check-man.sh PAGE...: each manual page renders with groff's man macros
# (and with man(1), where it is installed) without a single warning.
set -u
status=0
for page in "$@"; do
  out=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$page" 2>&1) || status=1
  if [ -z "$out" ] && command -v man > /dev/null 2>&1; then
    out=$(MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -E UTF-8 -l "$page" 2>&1 > /dev/null) || status=1
  fi
  if [ -n "$out" ]; then
    echo "$page:"
    echo "$out"
    status=1
  else
    echo "ok: $page"
  fi
done
exit $status
