#!/bin/sh
# gamehalld's command line without serving: -T prints every setting as in
# effect, -t checks the settings (status 0 or 1 with the error), and the
# long options of old still work.
d=${top_builddir:-.}/gamehalld
src=${top_srcdir:-.}
sample=$src/etc/gamehall.conf
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gamehall-flags-XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
settings() { grep -v '^#' "$1"; }

# -T: every setting of the sample, once, and the sample is the defaults.
"$d" -f /dev/null -T >"$tmp/defaults" || fail "-T exited $?"
"$d" -f "$sample" -T >"$tmp/sample" || fail "-T -f sample exited $?"
settings "$tmp/defaults" | sed 's/ =.*//' | sort >"$tmp/keys.T"
grep -E '^[a-z_]+ *=' "$sample" | sed 's/ *=.*//' | sort >"$tmp/keys.sample"
cmp -s "$tmp/keys.T" "$tmp/keys.sample" ||
	fail "-T and the sample list different settings: $(diff "$tmp/keys.T" "$tmp/keys.sample" | tr '\n' ' ')"
[ "$(wc -l <"$tmp/keys.T")" -gt 30 ] || fail "-T printed too few settings"
[ -z "$(uniq -d "$tmp/keys.T")" ] || fail "-T repeats a setting"
settings "$tmp/defaults" >"$tmp/a"
settings "$tmp/sample" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || fail "the sample's values are not the defaults"
grep -q '^# settings from .*gamehall.conf' "$tmp/sample" ||
	fail "-T does not say which file it read"
grep -q ' $' "$tmp/defaults" && fail "-T leaves a trailing blank"

# gamehall.conf(5) describes every setting.
for key in $(cat "$tmp/keys.T"); do
	grep -qx ".B $key" "$src/docs/gamehall.conf.5" ||
		fail "gamehall.conf(5) does not describe $key"
done

# -T's output is a config file that gives the same settings back.
"$d" -f /dev/null -o ssh_port=3022 -o 'penalty_exempt=127.0.0.1, ::1' \
	-o user=nobody -o log=syslog -T >"$tmp/changed.conf"
"$d" -f "$tmp/changed.conf" -T >"$tmp/again"
settings "$tmp/changed.conf" >"$tmp/a"
settings "$tmp/again" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || fail "-T's output does not read back the same"
grep -qx 'penalty_exempt = 127.0.0.1, ::1' "$tmp/again" ||
	fail "penalty_exempt did not survive -T"

# The long options, -o and -d, as -T shows them.
"$d" --config /dev/null --state-dir /tmp/st --ssh-port 4022 \
	--telnet-port 0 --listen 127.0.0.1 --log-level warn -T >"$tmp/long" ||
	fail "long options refused"
for want in 'state_dir = /tmp/st' 'ssh_port = 4022' 'telnet_port = 0' \
	'listen = 127.0.0.1' 'log_level = warn'; do
	grep -qx "$want" "$tmp/long" || fail "long options: no '$want'"
done
"$d" -f /dev/null -o log=syslog -d -T >"$tmp/debug"
grep -qx 'log_level = debug' "$tmp/debug" || fail "-d: not log_level debug"
grep -qx 'log = stderr' "$tmp/debug" || fail "-d: not logging to stderr"
"$d" -f /dev/null -D -T >/dev/null || fail "-D refused"

# -t: silent and 0 on good settings, the error and 1 on bad ones.
out=$("$d" -f "$sample" -t 2>&1) || fail "-t on the sample exited $?"
[ -z "$out" ] || fail "-t on the sample said: $out"
printf 'ssh_port = 2222\nlogin_grace = soon\n' >"$tmp/bad.conf"
out=$("$d" -f "$tmp/bad.conf" -t 2>&1)
rc=$?
[ "$rc" -eq 1 ] || fail "-t on a bad file exited $rc, not 1"
case $out in
*bad.conf:2:*login_grace*) ;;
*) fail "-t did not name the bad line: $out" ;;
esac
out=$("$d" -f /dev/null -o user=no-such-user-here -t 2>&1)
rc=$?
[ "$rc" -eq 1 ] || fail "-t with an unknown user exited $rc"
case $out in *no-such-user-here*) ;; *) fail "-t: $out" ;; esac
"$d" -f "$tmp/missing.conf" -t 2>/dev/null
[ $? -eq 1 ] || fail "-t with a missing file did not exit 1"
"$d" -f /dev/null --frobnicate 2>/dev/null
[ $? -eq 2 ] || fail "a bad option did not exit 2"

[ $fails -eq 0 ] && echo "ok: -T, -t, -d, -D and the long options"
[ $fails -eq 0 ]
