"""What measures the project: the physics benchmark and its pooltool peer, the
physics' figures and fingerprint, the stress command, long self-play, and the
window's save and frame benchmarks. Nothing here is needed to play."""
