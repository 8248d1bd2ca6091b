"""PyTorch doing what the ta GPU benchmark does, on the same GPU, in the same
run: index_select (gather), index_copy_ (scatter), index_add_ (grad
accumulation), cat (concat), and a device-to-device copy_, on the same array
shapes, timed the same way (device synchronized before and after each run,
median of --reps). Prints "RESULT torch <shape> <op> <median s> <bytes>"
lines like ta-gpu-bench. Usage: torch_bench.py [--reps N] NAME:SLOTS:ELEMENTS...
"""

import argparse
import statistics
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("shapes", nargs="+")
    args = parser.parse_args()
    try:
        import torch
    except ImportError:
        print("torch_bench: PyTorch is not installed", file=sys.stderr)
        return 3
    if not torch.cuda.is_available():
        print("torch_bench: PyTorch sees no CUDA device", file=sys.stderr)
        return 3
    dev = torch.device("cuda")

    def timed(fn, setup=None):
        times = []
        for _ in range(args.reps):
            state = setup() if setup else None
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            fn(state)
            torch.cuda.synchronize()
            times.append(time.perf_counter() - t0)
        return statistics.median(times)

    for shape in args.shapes:
        name, n, e = shape.split(":")
        n, e = int(n), int(e)
        nbytes = n * e * 4
        k = torch.arange(n, device=dev, dtype=torch.float32).unsqueeze(1)
        low = torch.remainder(torch.arange(e, device=dev), 1024).float()
        v = k * 1024 + low  # V[k, e] = k * 1024 + (e mod 1024)
        r = torch.arange(n - 1, -1, -1, device=dev)
        arr = torch.zeros_like(v)
        arr.index_copy_(0, r, v)  # slot i holds V[n-1-i], as in ta

        src = torch.empty_like(v)
        dst = torch.empty_like(v)
        dst.copy_(src)
        results = {"copy": (timed(lambda _: dst.copy_(src)), 2 * nbytes)}
        del src, dst
        out = {}

        def gather(_):
            out["g"] = torch.index_select(arr, 0, r)

        results["gather"] = (timed(gather), 2 * nbytes)
        assert torch.equal(out.pop("g"), v)

        results["scatter"] = (
            timed(lambda fresh: fresh.index_copy_(0, r, v),
                  setup=lambda: torch.zeros_like(v)),
            2 * nbytes,
        )

        def accumulator():
            acc = torch.zeros_like(v)
            acc.index_copy_(0, r, v)
            out["acc"] = acc
            return acc

        results["accumulate"] = (
            timed(lambda acc: acc.index_add_(0, r, v), setup=accumulator),
            3 * nbytes,
        )
        assert torch.equal(torch.index_select(out.pop("acc"), 0, r), 2 * v)

        slots = list(arr.unbind(0))

        def concat(_):
            out["c"] = torch.cat(slots)

        results["concat"] = (timed(concat), 2 * nbytes)
        assert torch.equal(out.pop("c").view(n, e), torch.flip(v, [0]))
        for op, (seconds, moved) in results.items():
            print(f"RESULT torch {name} {op} {seconds:.9f} {moved}", flush=True)
        del arr, v, slots
        torch.cuda.empty_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main())
