# src/engine-cli.mk: filled in by the owner of this part
