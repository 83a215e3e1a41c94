//! Shared helpers for the end-to-end tests: locating the JDKs, jars and the built agent.
