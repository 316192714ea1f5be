# tap-lib.sh: what the shell tests of dama-cli share; source it.
# Sets cli (from DAMA_CLI) and tmp (a directory removed at exit); ok
# prints one TAP line; tap_end prints the plan and exits with the result.
set -u
cli=${DAMA_CLI:?DAMA_CLI not set}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
fails=0

# ok STATUS DESCRIPTION: passes when STATUS is 0.
ok() {
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fails=$((fails + 1)); fi
}

# expect_status STATUS DESCRIPTION ARGS...: dama-cli ARGS exits with
# STATUS, prints nothing on standard output and one line on standard error.
expect_status() {
  local want=$1 what=$2
  shift 2
  "$cli" "$@" > "$tmp/e.out" 2> "$tmp/e.err"
  local got=$?
  [ "$got" = "$want" ] && [ ! -s "$tmp/e.out" ] && [ "$(wc -l < "$tmp/e.err")" = 1 ]
  ok $? "$what (status $got)"
}

tap_end() {
  echo "1..$n"
  exit $((fails > 0))
}
