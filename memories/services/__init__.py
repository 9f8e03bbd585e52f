"""Memory writes, split by use case:

- ``pipeline``: memory jobs (create, claim, record step output), storing extracted chunks
  and summaries.
- ``editing``: what a user does by hand: create, update, delete, pin, share, import.
- ``vectors``: keeping the vector store in step with the rows: index, re-embed, delete.
"""
