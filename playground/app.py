"""The servable entry for ``panel serve`` and ``panel convert ... --to pyodide-worker``.

A script, not a library module: running it builds one app for this session
and marks it servable. Import ``playground.Playground`` for Python use.
Under ``panel serve`` the server fixes of playground/serve.py apply from the first
session on, except the larger header limit (a ``panel serve`` option we can't set
from here): ``python -m playground`` has them all.
"""

import panel as pn

from playground import offload
from playground.serve import (
    enable_tcp_nodelay,
    limit_query_length,
    send_queued_patches,
    skip_bokeh_diagnostics,
)
from playground.ui import APP_TITLE, create_app

pn.extension(notifications=False)
skip_bokeh_diagnostics()  # Bokeh's own speed: served or in Pyodide
enable_tcp_nodelay()  # these four are no-ops without a Bokeh server (Pyodide)
limit_query_length()
send_queued_patches()
offload.enable()

create_app().servable(title=APP_TITLE)
