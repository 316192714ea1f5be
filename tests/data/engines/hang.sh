#!/bin/sh
# A Hub engine that starts but never ends a search, never answers "stop"
# and does not end when its input closes: it has to be killed.
# With an argument, its process id is written to that file.
[ -n "$1" ] && echo $$ > "$1"
while read -r command rest; do
  case "$command" in
    hub) echo "id name=Hanger version=1 author=tests"; echo "wait" ;;
    init) echo "ready" ;;
    go) while :; do sleep 1; done ;;
  esac
done
