/**
 * A small Chrome DevTools Protocol client for a server started with `--inspect=127.0.0.1:0` (bench/memory.ts): its
 * process.memoryUsage(), a full garbage collection, and heap snapshots written to a file. Uses Node's WebSocket.
 */
import fs from 'node:fs';

interface Message {
  id?: number;
  method?: string;
  params?: { chunk?: string };
  result?: unknown;
  error?: { message: string };
}

export interface MemoryUsage {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export class Inspector {
  private readonly ws: WebSocket;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private onChunk: ((chunk: string) => void) | null = null;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.addEventListener('message', (event) => {
      const msg = JSON.parse(String(event.data)) as Message;
      if (msg.method === 'HeapProfiler.addHeapSnapshotChunk') return this.onChunk?.(msg.params!.chunk!);
      const waiting = msg.id === undefined ? undefined : this.pending.get(msg.id);
      if (!waiting) return;
      this.pending.delete(msg.id!);
      if (msg.error) waiting.reject(new Error(msg.error.message));
      else waiting.resolve(msg.result);
    });
  }

  /** Connects to the address in "Debugger listening on ws://…" of a process's output. */
  static async connect(output: string): Promise<Inspector> {
    const url = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
    if (!url) throw new Error(`no inspector address in the server's output:\n${output}`);
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => {
      ws.addEventListener('open', resolve, { once: true });
      ws.addEventListener('error', () => reject(new Error(`cannot connect to ${url}`)), { once: true });
    });
    return new Inspector(ws);
  }

  send<T>(method: string, params: object = {}): Promise<T> {
    const id = this.next++;
    this.ws.send(JSON.stringify({ id, method, params }));
    return new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
  }

  async memoryUsage(): Promise<MemoryUsage> {
    const r = await this.send<{ result: { value: string } }>('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    return JSON.parse(r.result.value) as MemoryUsage;
  }

  collectGarbage(): Promise<unknown> {
    return this.send('HeapProfiler.collectGarbage');
  }

  /** A heap snapshot (V8 collects garbage first) into `file`. */
  async heapSnapshot(file: string): Promise<void> {
    const fd = fs.openSync(file, 'w');
    this.onChunk = (chunk) => fs.writeSync(fd, chunk);
    try {
      await this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
    } finally {
      this.onChunk = null;
      fs.closeSync(fd);
    }
  }

  close(): void {
    this.ws.close();
  }
}
