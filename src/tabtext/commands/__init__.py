"""Extra CLI commands: each module exposes ``main(argv: list[str]) -> int``."""
