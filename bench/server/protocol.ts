import type { MicroRow } from './micro'

/** Messages between the bench (run.ts) and the process that serves the apps under test (target.ts). */

export type DatabaseChoice = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }

/** The apps the target serves, each on its own loopback port. */
export type Ports = {
  /** The real Letterhead server, from buildApp. */
  app: number
  /** The floor: a bare Fastify app running findSession's statement through the raw driver. */
  floor: number
  /** With --profile: the steps between the floor and the real route, by name. */
  profile: Record<string, number>
}

export type TargetStart = { type: 'start'; database: DatabaseChoice; profile: boolean }

export type TargetRequest =
  | TargetStart
  | { type: 'cpu'; id: number }
  | {
      type: 'verify'
      id: number
      email: string
      password: string
      concurrency: number
      warmUpMs: number
      measureMs: number
    }
  | { type: 'micro'; id: number; token: string; calls: number; rounds: number }
  | { type: 'stop'; id: number }

export type TargetReply =
  | {
      type: 'ready'
      ports: Ports
      databaseVersion: string
      /** The statement findSession sent, as captured from the driver, and the floor's. */
      statement: string
      /** The security headers the server computes at start-up (server/plugins/helmet.ts). */
      securityHeaders: Record<string, string>
      /** Warnings the apps logged while starting (the bench logs at warn). */
      warnings: string[]
    }
  | { type: 'cpu'; id: number; cpuMicros: number }
  | { type: 'verified'; id: number; verifies: number; seconds: number; cpuMicros: number }
  | { type: 'micro'; id: number; rows: MicroRow[] }
  | { type: 'stopped'; id: number; warnings: string[] }
  | { type: 'failed'; id: number | null; message: string }
