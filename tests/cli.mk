# tests/cli.mk: gamehall-engine's CPU commands, the Gomocup protocol and the match runner.
