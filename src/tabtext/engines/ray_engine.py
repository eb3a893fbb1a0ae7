"""Answer examples on Ray workers: ``tabtext run|predict ... --ray [ADDRESS]``.

The examples are cut into blocks. One Ray actor per CPU builds its engine once (the solver, or the openai
engine with its replicas) and answers a block at a time; each actor has two blocks queued so it never waits
for the driver. Answers stream back block by block through :meth:`RayEngine.iter_answers`, which the run loop
appends to the one predictions.jsonl, so ``--resume``, the cache and scoring work as in-process. An actor
that dies is restarted by Ray; the blocks it held (answers not yet saved) go back on the queue, at most
``MAX_BLOCK_ATTEMPTS`` times each, after which their items get an error instead of stalling the run.

Without an address a local Ray is started with this machine's CPUs; with one (``ray://host:10001`` or
``host:6379`` or ``auto``) the driver joins that cluster, whose workers need tabtext installed (docs/scale.md).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator, Sequence
from pathlib import Path

from ..errors import EngineError, TabtextError
from ..types import Example, Prediction
from . import ENGINES, make_engine, parse_spec

MAX_BLOCK_ATTEMPTS = 3
BLOCKS_QUEUED_PER_WORKER = 2
LOCAL = "local"


class _Worker:
    """Runs inside a Ray actor: the engine is built once, then answers block after block."""

    def __init__(self, spec: str) -> None:
        self.error = ""
        try:
            self.engine = make_engine(spec)
        except TabtextError as exc:  # reported to the driver as one line, not as a dead actor
            self.error = str(exc)
        except Exception as exc:
            self.error = f"{type(exc).__name__}: {exc}"

    def ready(self) -> str:
        return self.error

    def pid(self) -> int:
        return os.getpid()

    def answer(self, block: Sequence[Example]) -> tuple[list[Prediction], str]:
        if self.error:  # a restarted actor whose engine no longer builds
            return [], self.error
        try:
            return list(self.engine.answer(block)), ""
        except TabtextError as exc:  # the engine cannot run at all (unreachable endpoint, missing key)
            return [], str(exc)

    def provenance(self) -> dict[str, object]:
        return dict(getattr(self.engine, "provenance", dict)())


def _import_ray():  # type: ignore[no-untyped-def]
    try:
        import ray
    except ImportError:
        raise EngineError("--ray needs Ray: pip install 'tabtext[ray]' (on the driver and every worker)") from None
    return ray


def start_local(num_cpus: int | None = None) -> None:
    """A local Ray on this machine (all its CPUs unless told), whose workers import this very tabtext."""
    ray = _import_ray()
    src = str(Path(__file__).resolve().parents[2])
    before = os.environ.get("PYTHONPATH")
    # Ray's processes inherit this environment; a runtime_env would cost seconds on every worker start
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (src, before) if p)
    try:
        ray.init(num_cpus=num_cpus or os.cpu_count() or 1, include_dashboard=False, log_to_driver=False,
                 logging_level="WARNING")
    finally:
        if before is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = before


def connect(address: str | None = None) -> dict[str, object]:
    """Join a running Ray (already initialised, or at ``address``), else start a local one with all CPUs."""
    ray = _import_ray()
    if not ray.is_initialized():
        if address in (None, "", LOCAL):
            start_local()
        else:
            try:
                ray.init(address=address, log_to_driver=False, logging_level="WARNING")
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise EngineError(f"--ray {address}: cannot join that Ray cluster ({exc}); "
                                  "check the address, or give --ray alone for a local Ray") from None
    cpus = int(ray.cluster_resources().get("CPU", 0))
    return {"address": address or LOCAL, "cluster_cpus": cpus}


class RayEngine:
    name = "ray"

    def __init__(self, spec: str = "solver", address: str | None = None, block_size: int = 64,
                 workers: int | None = None) -> None:
        ENGINES.get(parse_spec(spec)[0])  # an unknown engine name fails here, in one line, not on a worker
        self.spec, self.address, self.block_size = spec, address, max(1, block_size)
        self.workers = workers
        self.info: dict[str, object] = {}
        self.worker_pids: list[int] = []
        self._actors: list[object] = []

    def identity(self) -> dict[str, str]:
        """The workers' engine (what their answers record), for ``--resume``'s same-engine check."""
        name, options = parse_spec(self.spec)
        return {"engine": name, "model": options.get("model", "")} if name == "openai" else {"engine": name}

    def preflight(self, examples: Sequence[Example] | None = None) -> None:
        """Join (or start) Ray and start the workers now, so that a bad address or an engine that cannot start
        on a worker fails in one line before a run writes anything."""
        if not self._actors:
            self._actors = self._start_workers(_import_ray())

    def close(self) -> None:
        """Stop workers started by :meth:`preflight` that no run used."""
        if self._actors:
            ray = _import_ray()
            for a in self._actors:
                ray.kill(a)
            self._actors = []

    def _start_workers(self, ray) -> list[object]:  # type: ignore[no-untyped-def]
        self.info.update(connect(self.address))
        cpus = int(self.info["cluster_cpus"])
        if cpus < 1:
            raise EngineError(f"--ray {self.info['address']}: the cluster has no CPUs for workers; "
                              "start worker nodes (ray start --address=HEAD:6379) or give the head --num-cpus")
        n = max(1, min(self.workers or cpus, cpus))  # one CPU each: more would wait forever
        actor_class = ray.remote(num_cpus=1, max_restarts=-1)(_Worker)
        actors = [actor_class.remote(self.spec) for _ in range(n)]
        errors = [e for e in ray.get([a.ready.remote() for a in actors]) if e]
        if errors:
            for a in actors:
                ray.kill(a)
            raise EngineError(f"engine {self.spec!r} on a Ray worker: {errors[0]}")
        self.info["workers"] = n
        self.worker_pids = ray.get([a.pid.remote() for a in actors])
        return actors

    def iter_answers(self, examples: Sequence[Example]) -> Iterator[Prediction]:
        """Yield predictions block by block as workers finish them (arrival order, each uid once)."""
        if not examples:
            self.close()
            return
        ray = _import_ray()
        from ray.exceptions import ObjectLostError, RayActorError, WorkerCrashedError

        blocks = [list(examples[i:i + self.block_size]) for i in range(0, len(examples), self.block_size)]
        self.preflight()
        actors, self._actors = self._actors, []  # this call owns them now and kills them when done
        queue, attempts = deque(range(len(blocks))), [0] * len(blocks)
        in_flight: dict[object, tuple[int, int]] = {}
        self.info.update(blocks=len(blocks), blocks_retried=0)

        def submit(worker: int) -> None:
            if queue:
                b = queue.popleft()
                attempts[b] += 1
                in_flight[actors[worker].answer.remote(blocks[b])] = (worker, b)

        try:
            for w in range(len(actors)):
                for _ in range(BLOCKS_QUEUED_PER_WORKER):
                    submit(w)
            while in_flight:
                (ref,), _ = ray.wait(list(in_flight), num_returns=1)
                worker, b = in_flight.pop(ref)
                try:
                    predictions, error = ray.get(ref)
                except (RayActorError, WorkerCrashedError, ObjectLostError) as exc:
                    yield from self._lost_block(blocks[b], b, attempts[b], queue, exc)
                else:
                    if error:
                        raise EngineError(f"engine {self.spec!r} on a Ray worker: {error}")
                    yield from predictions
                submit(worker)
            self.info["worker_engines"] = [p for p in ray.get([a.provenance.remote() for a in actors]) if p]
        finally:
            for a in actors:
                ray.kill(a)

    def _lost_block(self, block: list[Example], b: int, attempts: int, queue: deque[int],
                    exc: BaseException) -> Iterator[Prediction]:
        """A worker died holding this block: queue it again, or give up on it after too many deaths."""
        self.info["blocks_retried"] = int(self.info.get("blocks_retried", 0)) + 1
        if attempts < MAX_BLOCK_ATTEMPTS:
            queue.appendleft(b)
            return
        reason = f"Ray worker died {attempts} times answering this block ({type(exc).__name__})"
        yield from (Prediction(uid=ex.uid, answer=None, error=reason) for ex in block)

    def answer(self, examples: Sequence[Example]) -> list[Prediction]:
        by_uid = {p.uid: p for p in self.iter_answers(examples)}
        return [by_uid[ex.uid] for ex in examples]

    def provenance(self) -> dict[str, object]:
        return {"ray": dict(self.info)}


def make_ray_engine(spec: str, address: str, block_size: int) -> RayEngine:
    """The ``--ray [ADDRESS]`` option of run/predict (``local`` when given without an address)."""
    return RayEngine(spec, address=None if address == LOCAL else address, block_size=block_size)
