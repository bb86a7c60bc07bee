"""A pure-Python rules engine for cascade, discover and Sagas (stdlib only; runs in Pyodide)."""
