#!/bin/sh
# `make install DESTDIR=...` puts everything where it belongs: the daemon
# in sbin, the engine in bin, the man pages, the config sample (which a
# second install does not overwrite), the translations' catalogs and the
# systemd unit with the configured paths in it; systemd-analyze verifies
# the installed unit where it is installed, and its security exposure is
# printed.
top=${top_builddir:-.}
: "${MAKE:=make}"
# Our own makes, not jobs of the make that runs the tests.
MAKEFLAGS=
MFLAGS=
export MAKEFLAGS MFLAGS
MAKE="$MAKE --no-print-directory"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gamehall-install-XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
dest=$tmp/root
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# The configured directories, as make sees them.
dirs=$($MAKE -s -C "$top" print-install-dirs) || exit 99
eval "$dirs"

$MAKE -s -C "$top" install DESTDIR="$dest" >"$tmp/install.log" 2>&1 || {
	cat "$tmp/install.log"
	echo "FAIL: make install"
	exit 1
}
for f in "$sbindir/gamehalld" "$sbindir/gamehallctl" "$bindir/gamehall-engine"; do
	[ -x "$dest$f" ] || fail "$f is not installed"
done
[ -L "$dest$bindir/pbrain-gamehall" ] || fail "no pbrain-gamehall link"
[ -e "$dest$bindir/gamehalld" ] && fail "gamehalld is in bin, not sbin"
for f in "$mandir/man8/gamehalld.8" "$mandir/man8/gamehallctl.8" "$mandir/man5/gamehall.conf.5" \
	"$mandir/man6/gamehall-engine.6" "$sysconfdir/gamehall.conf" \
	"$docdir/gamehall.conf.sample" "$docdir/LICENSE" "$docdir/README.md"; do
	[ -f "$dest$f" ] || fail "$f is not installed"
done

# The translations: the daemon's catalogs (one text domain per language)
# for each po/LANG.po written, and the standard ones for other tools.
srcdir=${top_srcdir:-.}
for lang in $(sed -e '/^#/d' "$srcdir/po/LINGUAS"); do
	[ -f "$srcdir/po/$lang.po" ] || continue
	[ -f "$dest$gamehalllocaledir/C/LC_MESSAGES/gamehall-$lang.mo" ] ||
		fail "the $lang catalog is not in $gamehalllocaledir"
	[ -f "$dest$localedir/$lang/LC_MESSAGES/gamehall.mo" ] ||
		fail "the standard $lang catalog is not in $localedir"
done
[ -f "$srcdir/po/de.po" ] || fail "no po/de.po"

unit=$dest$systemdsystemunitdir/gamehalld.service
if [ -f "$unit" ]; then
	grep -qx "ExecStart=$sbindir/gamehalld -f $sysconfdir/gamehall.conf --state-dir /var/lib/gamehall" "$unit" ||
		fail "the unit's ExecStart does not name $sbindir: $(grep ^ExecStart= "$unit")"
	grep -q '@[a-z]*@' "$unit" && fail "the unit has unsubstituted @...@"
else
	fail "no unit in $systemdsystemunitdir"
fi

# A second install keeps the sysop's config.
echo "ssh_port = 22" >>"$dest$sysconfdir/gamehall.conf"
$MAKE -s -C "$top" install DESTDIR="$dest" >"$tmp/install2.log" 2>&1 ||
	fail "second make install"
grep -qx 'ssh_port = 22' "$dest$sysconfdir/gamehall.conf" ||
	fail "a second install overwrote $sysconfdir/gamehall.conf"

# The installed daemon reads the installed sample.
"$dest$sbindir/gamehalld" -f "$dest$docdir/gamehall.conf.sample" -t ||
	fail "the installed daemon rejects the installed sample"

analyze=${SYSTEMD_ANALYZE:-$(command -v systemd-analyze)}
if [ -n "$analyze" ] && [ -x "$analyze" ] && [ -f "$unit" ]; then
	# The installed unit with its paths moved into the DESTDIR tree, so
	# that the programs it runs exist; the man pages it names are looked
	# up there too.
	mkdir -p "$tmp/units"
	sed -e "s|$sbindir/|$dest$sbindir/|g" \
		-e "s|$sysconfdir/|$dest$sysconfdir/|g" \
		"$unit" >"$tmp/units/gamehalld.service"
	if MANPATH=$dest$mandir "$analyze" verify \
		"$tmp/units/gamehalld.service" >"$tmp/verify" 2>&1 &&
		! grep -q . "$tmp/verify"; then
		echo "ok: systemd-analyze verify"
	else
		cat "$tmp/verify"
		fail "systemd-analyze verify"
	fi
	"$analyze" security --offline=yes "$tmp/units/gamehalld.service" \
		2>/dev/null | grep -i 'overall exposure' || true
else
	echo "skip: no systemd-analyze, the unit is not verified"
fi

$MAKE -s -C "$top" uninstall DESTDIR="$dest" >/dev/null 2>&1 ||
	fail "make uninstall"
[ -e "$dest$sbindir/gamehalld" ] && fail "uninstall left gamehalld"
[ $fails -eq 0 ] && echo "ok: the install layout"
[ $fails -eq 0 ]
