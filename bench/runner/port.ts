/** Port 4417 is the bench's; the browser tests use others. */
const DEFAULT_PORT = 4417

/** `BENCH_PORT` moves the bench's server, so it need not collide with another run on the machine. */
export function benchPort(value = process.env.BENCH_PORT): number {
  if (value === undefined || value === '') return DEFAULT_PORT
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`BENCH_PORT must be a port number, not "${value}"`)
  return port
}
