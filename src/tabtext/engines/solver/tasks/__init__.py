"""The per-benchmark adapters: TAT-QA (the core), ConvFinQA, ChatRAG-Bench chat, TANQ."""
