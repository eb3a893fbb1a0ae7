"""Extra CLI commands, each a module with ``main(argv) -> int``, imported only when invoked."""
