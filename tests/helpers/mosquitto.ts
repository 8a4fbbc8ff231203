import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './serverProcess';

const BINARY = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((candidate) => existsSync(candidate)) ?? 'mosquitto';

export interface Broker {
  url: string;
  /** Stops the broker (SIGTERM: it writes its persistence file) and starts it again on the same port. */
  restart(): Promise<void>;
  /** Stops it; `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Debian's Mosquitto on a free port with a config of its own (STACK.md: tests start their own when
 * MQTT_URL is unset), keeping sessions on disk across restarts (`persistence true`), as
 * docs/monitoring.md asks of a production broker.
 */
export async function startMosquitto(): Promise<Broker> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'fo-mosquitto-'));
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence true', `persistence_location ${dir}/`, 'autosave_interval 1', 'log_dest none', 'max_queued_messages 100000'].join('\n') + '\n',
  );
  let child: ChildProcess | null = null;

  async function start() {
    child = spawn(BINARY, ['-c', config], { stdio: 'ignore' });
    const started = child;
    for (let i = 0; i < 200; i += 1) {
      if (started.exitCode !== null) throw new Error(`mosquitto exited (${started.exitCode})`);
      if (await listening(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('mosquitto did not listen within 5 s');
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    start,
    stop,
    async restart() {
      await stop();
      await start();
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
