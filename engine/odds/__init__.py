"""Exact cascade and discover odds from a randomly ordered library, and their command line."""
