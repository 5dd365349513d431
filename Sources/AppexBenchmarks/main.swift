// Benchmarks: `swift run -c release appex-bench`.
