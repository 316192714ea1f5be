#!/bin/sh
# check-help.sh DAMA DAMA_CLI VERSION MAN_DAMA MAN_DAMA_CLI
#
# What a user reads on the command line: `dama --help` lists the options
# (in Czech too, when the Czech locale is there), `dama --version` prints
# the version, an unknown variant is an error that lists the right ones;
# the options of `dama --help-all` are those the manual page describes,
# and the commands of `dama-cli --help` are those of its manual page.
set -u
dama=$1 cli=$2 version=$3 man_dama=$4 man_cli=$5
status=0
fail() {
  echo "FAIL: $*"
  status=1
}

help=$("$dama" --help 2>&1) || fail "dama --help exited with $?"
for expected in 'dama \[OPTION…\] \[FILE\]' '--variant=ID  *Start a new game of the variant ID' \
                '--version  *Show the version and exit' 'FILE, a game record in PDN'; do
  printf '%s\n' "$help" | grep -q -- "$expected" || fail "dama --help lacks '$expected'"
done

if locale -a 2>/dev/null | grep -qi '^cs_CZ\.utf-\?8$'; then
  help_cs=$(LC_ALL=cs_CZ.UTF-8 LANGUAGE=cs "$dama" --help 2>&1)
  printf '%s\n' "$help_cs" | grep -q -- '--variant=ID  *Začne novou hru varianty ID' \
    || { fail "LANGUAGE=cs dama --help is not in Czech:"; printf '%s\n' "$help_cs"; }
else
  echo "# no cs_CZ.UTF-8 locale: the Czech help is not checked"
fi

out=$("$dama" --version 2>&1)
[ "$out" = "dama $version" ] || fail "dama --version printed '$out'"

err=$("$dama" --variant checkers 2>&1 > /dev/null)
rc=$?
[ $rc -eq 2 ] || fail "dama --variant checkers exited with $rc, not 2"
printf '%s\n' "$err" | grep -q 'checkers.*czech, czech-8, .*turkish' \
  || fail "dama --variant checkers said '$err'"

# Long options: dama --help-all against the OPTIONS section of dama.1.
# In the page they are written \-\-name.
man_options() {
  sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$1" | grep '^\.B' | grep -o '\\-\\-[a-z\\-]*' \
    | sed 's/\\//g' | sort -u
}
"$dama" --help-all | grep -o '^ *\(-[a-z], \)\?--[a-z-]*' | sed 's/^.*--/--/' | sort -u > help-options.txt
man_options "$man_dama" > man-options.txt
if ! diff -u help-options.txt man-options.txt; then
  fail "dama --help-all (-) and the OPTIONS of dama.1 (+) differ"
fi

# The variants dama.1 names for --variant are those of the rules.
options_section=$(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$man_dama")
"$cli" variants | while read -r id _; do
  # Chinese checkers has no --variant in the application (its New Game
  # dialog is to offer it); dama-cli.1 documents it.
  [ "$id" = chinese ] && continue
  printf '%s\n' "$options_section" | grep -q "^\.BR\? $(printf '%s' "$id" | sed 's/-/\\\\-/g')\( ,\)\?$" \
    || echo "FAIL: dama.1 does not name the variant $id"
done | grep . && status=1

# Commands: dama-cli --help against the COMMANDS section of dama-cli.1.
"$cli" --help > cli-help.txt || fail "dama-cli --help exited with $?"
sed -n 's/^  dama-cli \([a-z]*\).*$/\1/p' cli-help.txt | sort -u > help-commands.txt
# Each command is the tag of a .TP paragraph: the line after it.
sed -n '/^\.SH COMMANDS/,/^\.SH /p' "$man_cli" \
  | awk 'tag { sub(/^\.BI? "?/, ""); split($0, w, /[ "]/); print w[1] } { tag = ($0 == ".TP") }' \
  | sort -u > man-commands.txt
if ! diff -u help-commands.txt man-commands.txt; then
  fail "dama-cli --help (-) and the COMMANDS of dama-cli.1 (+) differ"
fi
[ -s help-commands.txt ] || fail "dama-cli --help lists no command"
rm -f help-options.txt man-options.txt cli-help.txt help-commands.txt man-commands.txt

[ $status -eq 0 ] && echo "ok: dama --help, --version and both manual pages agree"
exit $status
