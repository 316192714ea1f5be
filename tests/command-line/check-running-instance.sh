#!/bin/sh
# check-running-instance.sh DAMA: with Draughts already running, a second
# `dama --variant ID` or `dama FILE` is shown in the running window and
# returns at once. Runs on its own session bus (dbus-run-session) and X
# server; what the window shows is read back from the game it autosaves.
set -u
dama=$1
status=0
fail() {
  echo "FAIL: $*"
  status=1
}

XDG_DATA_HOME=$(mktemp -d)
export XDG_DATA_HOME
trap 'rm -rf "$XDG_DATA_HOME"' EXIT
autosave="$XDG_DATA_HOME/dama/current-game"
log="$XDG_DATA_HOME/log"

# Waits up to ten seconds for a command to succeed.
wait_for() {
  i=0
  until "$@" > /dev/null 2>&1; do
    i=$((i + 1))
    [ $i -lt 100 ] || return 1
    sleep 0.1
  done
}

running() {
  gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.NameHasOwner io.github.dama.Dama | grep -q true
}

start_first() {
  "$dama" >> "$log" 2>&1 &
  first=$!
  wait_for running || fail "the first instance did not register io.github.dama.Dama"
}

quit_first() {
  gdbus call --session --dest io.github.dama.Dama --object-path /io/github/dama/Dama \
    --method org.gtk.Actions.Activate quit '[]' '{}' > /dev/null
  wait "$first" || fail "the first instance exited with $?"
}

# --variant: a new game of that variant in the running window.
start_first
"$dama" --variant russian >> "$log" 2>&1 || fail "dama --variant russian exited with $?"
kill -0 "$first" 2> /dev/null || fail "the first instance has gone"
wait_for grep -q '^variant russian$' "$autosave" || fail "the running window did not start a Russian game"
quit_first

# FILE: the running window opens it.
game="$XDG_DATA_HOME/game.pdn"
printf '[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n' > "$game"
start_first
"$dama" "$game" >> "$log" 2>&1 || fail "dama FILE exited with $?"
wait_for grep -q '^variant international$' "$autosave" || fail "the running window did not open the file"
quit_first

[ $status -eq 0 ] || { echo "# the programs' output:"; cat "$log"; }
[ $status -eq 0 ] && echo "ok: a running Draughts takes --variant and FILE"
exit $status
