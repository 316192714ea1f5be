#!/usr/bin/env bash
# dama-cli diagram: files written, sizes, and the errors a user may make.
# TAP output. DAMA_CLI is set by the test environment.
. "$(dirname "$0")/tap-lib.sh"

# PNG width and height from the IHDR chunk (bytes 16-23, big-endian).
png_size() {
  od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%d %d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

"$cli" diagram --fen "W:Wc3,Ke1:Bd4,f6" --arrows c3-e5 -o "$tmp/a.png"
ok $? "a PNG diagram is written"
[ "$(head -c 8 "$tmp/a.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]
ok $? "the file is a PNG"
[ "$(png_size "$tmp/a.png")" = "480 480" ]
ok $? "the default size is 480 pixels"

"$cli" diagram --variant international --size 200 -o "$tmp/b.png"
[ "$(png_size "$tmp/b.png")" = "200 200" ]
ok $? "--size sets the side in pixels"

"$cli" diagram --variant turkish --theme plain --coordinates no -o "$tmp/c.svg"
grep -q "<svg" "$tmp/c.svg"
ok $? "an SVG diagram is written"

"$cli" diagram --fen "W:W21:B1" --highlight 21,17 --flip yes -o "$tmp/d.svg"
ok $? "highlights and a flipped board are accepted"

# Themes and piece sets: the defaults are the wooden board and the
# classic pieces; every other choice draws a different picture.
kings="W:Wc3,Ke1:Bd4,Kf6"
"$cli" diagram --fen "$kings" -o "$tmp/default.png" &&
  "$cli" diagram --fen "$kings" --theme wooden --pieces classic -o "$tmp/wooden.png" &&
  cmp -s "$tmp/default.png" "$tmp/wooden.png"
ok $? "the default is --theme wooden --pieces classic"
for theme in plain high-contrast green; do
  "$cli" diagram --fen "$kings" --theme $theme -o "$tmp/$theme.png" &&
    [ "$(png_size "$tmp/$theme.png")" = "480 480" ] && ! cmp -s "$tmp/default.png" "$tmp/$theme.png"
  ok $? "--theme $theme draws its own board"
done
"$cli" diagram --fen "$kings" --pieces flat -o "$tmp/flat.png" && ! cmp -s "$tmp/default.png" "$tmp/flat.png"
ok $? "--pieces flat draws other pieces"
"$cli" diagram --variant chinese --theme high-contrast -o "$tmp/star-hc.png" &&
  "$cli" diagram --variant chinese -o "$tmp/star-wooden.png" && ! cmp -s "$tmp/star-hc.png" "$tmp/star-wooden.png"
ok $? "chinese: --theme high-contrast draws its own star"

expect_status() {
  local want=$1 what=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  [ "$got" = "$want" ] && [ "$(wc -l <"$tmp/err")" = 1 ] && [ ! -s "$tmp/out" ]
  ok $? "$what (exit $got, one line on stderr)"
}

expect_status 2 "no output file" "$cli" diagram
expect_status 2 "an unknown file type" "$cli" diagram -o "$tmp/x.gif"
expect_status 2 "an arrow to no square" "$cli" diagram --arrows c3-z9 -o "$tmp/x.png"
expect_status 2 "an arrow without its end" "$cli" diagram --arrows c3 -o "$tmp/x.png"
expect_status 2 "too many arrows" "$cli" diagram --arrows a1-b2,c1-d2,e1-f2,g1-h2,a3-b4 -o "$tmp/x.png"
expect_status 2 "a bad size" "$cli" diagram --size 10 -o "$tmp/x.png"
expect_status 2 "a bad theme" "$cli" diagram --theme neon -o "$tmp/x.png"
expect_status 2 "a bad piece set" "$cli" diagram --pieces round -o "$tmp/x.png"
expect_status 2 "a bad FEN" "$cli" diagram --fen "W:W99" -o "$tmp/x.png"
"$cli" diagram --variant chinese --players 6 --size 300 -o "$tmp/star.png"
[ "$(png_size "$tmp/star.png")" = "300 300" ]
ok $? "a Chinese checkers diagram, six players"
"$cli" diagram --variant chinese --fen 'S121:A:A=i5:D=i6,j7,k6' --select i5 --last i5-i7-k7 \
  --theme plain -o "$tmp/star.svg"
grep -q "<svg" "$tmp/star.svg"
ok $? "a Chinese checkers diagram with a selection and a last move, as SVG"
"$cli" diagram --variant chinese --fen 'S121:A:A=i5:D=i6,h8' --arrows i5-i7,i7-g9 -o "$tmp/chain.png"
ok $? "chinese: --arrows as the jumps of one chain"
expect_status 2 "chinese: arrows that do not join" "$cli" diagram --variant chinese --fen 'S121:A:A=i5:D=i6,h8' --arrows i5-i7,h7-g9 -o "$tmp/x.png"
expect_status 2 "chinese: --select on an empty hole" "$cli" diagram --variant chinese --select i9 -o "$tmp/x.png"
expect_status 2 "chinese: --last not a legal move" "$cli" diagram --variant chinese --last m1-m5 -o "$tmp/x.png"
expect_status 2 "chinese: a bad position" "$cli" diagram --variant chinese --fen 'S121:A' -o "$tmp/x.png"
expect_status 1 "a folder that does not exist" "$cli" diagram -o "$tmp/no/such/x.png"
[ ! -e "$tmp/x.png" ]
ok $? "nothing is written on bad input"

echo "1..$n"
exit $((fails > 0))
