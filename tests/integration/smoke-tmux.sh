#!/bin/sh
# smoke-tmux.sh - the real OpenSSH client, in a real terminal (tmux),
# against the real daemon: welcome screen, enter as a guest, see the
# lobby, quit, and ssh ends with status 0.
#
# Run by `make check`.  It starts itself again under hallrun, which runs a
# fresh gamehalld and passes its port in GAMEHALL_SSH_PORT.
set -u

: "${top_builddir:=.}"

if [ -z "${GAMEHALL_SSH_PORT:-}" ]; then
	for tool in tmux ssh; do
		if ! command -v "$tool" >/dev/null 2>&1; then
			echo "SKIP: $tool is not installed"
			exit 77
		fi
	done
	if [ ! -x "$top_builddir/gamehalld" ] && [ -z "${GAMEHALLD:-}" ]; then
		echo "SKIP: gamehalld is not built"
		exit 77
	fi
	if [ ! -x "$top_builddir/tests/integration/hallrun" ]; then
		echo "SKIP: tests/integration/hallrun is not built"
		exit 77
	fi
	exec "$top_builddir/tests/integration/hallrun" sh "$0"
fi

# From here on a daemon is running on $GAMEHALL_SSH_PORT.
sock="gamehall-smoke-$$"
tm() {
	tmux -L "$sock" -f /dev/null "$@"
}
trap 'tm kill-server >/dev/null 2>&1' EXIT

# Wait (up to $2 seconds) until the pane shows $1; polling, not timing.
wait_for() {
	tries=$(($2 * 5))
	while [ "$tries" -gt 0 ]; do
		if tm capture-pane -p -t smoke 2>/dev/null | grep -qF -- "$1"; then
			return 0
		fi
		sleep 0.2
		tries=$((tries - 1))
	done
	echo "FAIL: \"$1\" did not appear within $2 s; the pane shows:"
	tm capture-pane -p -t smoke
	echo "---- daemon log ($GAMEHALL_LOG):"
	tail -n 40 "$GAMEHALL_LOG"
	exit 1
}

# The command ends by printing ssh's exit status, and stays for a look.
tm new-session -d -s smoke -x 100 -y 30 \
	"ssh -F /dev/null -p $GAMEHALL_SSH_PORT -o StrictHostKeyChecking=no \
	-o UserKnownHostsFile=/dev/null -o BatchMode=no -o LogLevel=ERROR \
	localhost; echo ssh-exit-status=\$?; sleep 120" || {
	echo "FAIL: tmux could not start a session"
	exit 1
}

# Without a key, keyboard-interactive asks every name the same "Password"
# (no account is told apart from a name that is none): Enter alone is the
# guest's way in.
tries=300
while [ "$tries" -gt 0 ]; do
	pane=$(tm capture-pane -p -t smoke 2>/dev/null)
	case $pane in
	*Welcome*) break ;;
	*"Enter alone"*) tm send-keys -t smoke Enter; sleep 0.5 ;;
	esac
	sleep 0.2
	tries=$((tries - 1))
done
wait_for "Welcome" 60
echo "welcome screen: ok"

tm send-keys -t smoke g
wait_for "Online (" 60
echo "lobby as a guest: ok"

tm send-keys -t smoke q
# A quit may ask to confirm; a "y" is then the answer (and harmless if not).
tries=150
while [ "$tries" -gt 0 ]; do
	pane=$(tm capture-pane -p -t smoke)
	case "$pane" in
	*ssh-exit-status=*) break ;;
	esac
	if printf '%s\n' "$pane" | grep -qi "quit?\|sure\|(y/n)\|\[y"; then
		tm send-keys -t smoke y
	fi
	sleep 0.2
	tries=$((tries - 1))
done
wait_for "ssh-exit-status=" 30
if ! tm capture-pane -p -t smoke | grep -qF "ssh-exit-status=0"; then
	echo "FAIL: ssh did not end with status 0:"
	tm capture-pane -p -t smoke
	exit 1
fi
echo "quit, ssh exit status 0: ok"
exit 0
