#!/bin/sh
# A Hub engine that never answers: it reads its input and says nothing.
# With an argument, its process id is written to that file.
[ -n "$1" ] && echo $$ > "$1"
while read -r line; do :; done
