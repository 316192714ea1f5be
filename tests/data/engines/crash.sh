#!/bin/sh
# A Hub engine that dies in the middle of its first search.
# With an argument, its process id is written to that file.
[ -n "$1" ] && echo $$ > "$1"
while read -r command rest; do
  case "$command" in
    hub) echo "id name=Crasher version=1 author=tests"; echo "wait" ;;
    init) echo "ready" ;;
    go) echo "info depth=1 score=0.10"; kill -SEGV $$ ;;
  esac
done
