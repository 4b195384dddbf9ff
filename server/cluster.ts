import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./logger";

// The cluster primary (decision 065): with WEB_CONCURRENCY above 1 this process opens no database
// and serves nothing; it forks the workers, which share its listening socket, restarts one that
// dies, and on SIGTERM/SIGINT lets each run its own graceful shutdown.

/** Unexpected deaths tolerated within a minute; one more and the primary gives up (a crash loop). */
export const MAX_RESTARTS_PER_MINUTE = 5;

/** Wait before the nth restart within a minute: none for the first, then 1 s, 2 s, 4 s... */
export function restartDelayMs(recentRestarts: number): number {
  return recentRestarts <= 1 ? 0 : Math.min(1_000 * 2 ** (recentRestarts - 2), 10_000);
}

/** True in the process that runs the one-time start-up work: a lone process, or the cluster's first worker. */
export function runsStartupTasks(): boolean {
  return !cluster.isWorker || cluster.worker?.id === 1;
}

export interface PrimaryOptions {
  workers: number;
  /** the workers' own SHUTDOWN_TIMEOUT_MS; the primary waits a little longer before killing them */
  shutdownTimeoutMs: number;
  logger: Logger;
}

/**
 * Runs the primary. The first worker starts alone (it migrates, seeds and creates the admin
 * account: one process does that, with no other worker racing it); the others are forked once it
 * listens and skip that work.
 */
export function runPrimary({ workers, shutdownTimeoutMs, logger }: PrimaryOptions): void {
  let started = false;
  let stopping = false;
  let failedExitCode = 0;
  const deaths: number[] = [];
  const pendingRestarts = new Set<NodeJS.Timeout>();
  const alive = () => Object.keys(cluster.workers ?? {}).length;

  logger.info({ pid: process.pid, workers }, `cluster: starting ${workers} workers`);
  const first = cluster.fork();
  first.once("listening", () => {
    started = true;
    for (let i = 1; i < workers; i++) cluster.fork();
  });
  let listening = 0;
  cluster.on("listening", () => {
    listening += 1;
    if (listening !== workers) return;
    logger.info({ workers }, `cluster: all ${workers} workers listening`);
    // a parent that started this process with an IPC channel (the bench) learns when all serve
    process.send?.({ type: "cluster-ready", workers });
  });

  cluster.on("exit", (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) {
      if (code !== 0) failedExitCode = 1;
      if (alive() === 0) process.exit(failedExitCode);
      return;
    }
    if (!started) {
      // The first worker printed why it could not start (one line, as a lone process does).
      if (signal) console.error(`Pawsome Picks could not start: the first worker was stopped by ${signal}`);
      stopAll("SIGTERM");
      process.exit(code || 1);
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && (deaths[0] ?? now) <= now - 60_000) deaths.shift();
    if (deaths.length > MAX_RESTARTS_PER_MINUTE) {
      logger.fatal({ pid: worker.process.pid, code, signal }, "cluster: worker died");
      console.error(
        `Pawsome Picks stopped: workers died ${deaths.length} times within a minute (the last with ${signal ?? `exit code ${code}`}); see the errors above`,
      );
      stopAll("SIGTERM");
      process.exit(1);
    }
    const delay = restartDelayMs(deaths.length);
    logger.error(
      { pid: worker.process.pid, code, signal, restartInMs: delay },
      "cluster: worker died unexpectedly, starting another",
    );
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      if (!stopping) cluster.fork();
    }, delay);
    pendingRestarts.add(timer);
  });

  function stopAll(signal: NodeJS.Signals) {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  }

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    logger.info({ signal, workers: alive() }, "cluster: shutting down the workers");
    if (alive() === 0) process.exit(0);
    // each worker stops accepting, finishes its requests and closes its database pool
    stopAll(signal);
    setTimeout(() => {
      logger.warn("cluster: workers still running after the shutdown timeout: killing them");
      stopAll("SIGKILL");
      process.exit(1);
    }, shutdownTimeoutMs + 5_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
