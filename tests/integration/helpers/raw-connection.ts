import { connect, type Socket } from 'node:net';

export interface Ended {
  /** What the server sent before closing. */
  text: string;
  /** Milliseconds from the start until the server closed the connection. */
  afterMs: number;
}

/** Opens a raw TCP connection, lets `script` write to it, and waits for the server to close it. */
export async function rawConnection(port: number, script: (socket: Socket) => void | Promise<void>): Promise<Ended> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const started = Date.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  const closed = new Promise<Ended>((resolve) => {
    socket.once('close', () => resolve({ text, afterMs: Date.now() - started }));
  });
  socket.on('error', () => undefined);
  await script(socket);
  const guard = setTimeout(() => socket.destroy(), 30_000);
  const ended = await closed;
  clearTimeout(guard);
  return ended;
}
