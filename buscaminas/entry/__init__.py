"""The ``buscaminas`` command and its tools: the layer above all the others."""
