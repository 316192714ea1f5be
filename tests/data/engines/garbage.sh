#!/bin/sh
# A Hub engine whose searches answer garbage: lines that do not parse,
# a pv of moves that are not legal and a move that does not exist.
# With an argument, its process id is written to that file.
[ -n "$1" ] && echo $$ > "$1"
while read -r command rest; do
  case "$command" in
    hub) echo "id name=Garbage version=1 author=tests"; echo "wait" ;;
    init) echo "ready" ;;
    go)
      echo 'info depth=x score=1e999 pv="99-98 zz"'
      echo 'pv="unclosed'
      printf '\001\002 %%s %%n\n'
      echo "done move=77-12"
      ;;
  esac
done
