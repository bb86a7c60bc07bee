"""One module per keyword mechanic: its rule hooks and its op handlers (cascade, discover,
evoke, explore, proliferate, retrace, suspend, warp)."""
