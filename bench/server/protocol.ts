import type { Mutation } from '@/domain/sync'
import type { DemoSizes } from '../../server/demo/sizes'
import type { MicroRow } from './micro'
import type { NewLetter } from './sync-data'
import type { FloorLetter } from './sync-floor'

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
  /** The sync part's floor: push and pull with raw statements in a bare Fastify app. */
  syncFloor: number
}

/**
 * The ways the sync part writes a push's rows in the target, timed there: the floor (one
 * multi-row INSERT of the rows the push leaves), push()'s statements raw (its batch of creates;
 * its one transaction per mutation; the what-if of one transaction with a savepoint each), and
 * push() itself called in the process (no HTTP).
 */
export type SyncWrite =
  | { how: 'batched'; ownerId: string; letters: FloorLetter[] }
  | { how: 'raw-create-batch'; ownerId: string; clientId: string; letters: NewLetter[] }
  | {
      how: 'raw-replay' | 'raw-savepoints' | 'push-in-process'
      ownerId: string
      clientId: string
      mutations: Mutation[]
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
  | ({ type: 'syncWrite'; id: number } & SyncWrite)
  /** The demo seed (server/demo) at these sizes, on the target's database. */
  | { type: 'seedDemo'; id: number; sizes: DemoSizes }
  /** One statement on the target's database: what the bench reads to check what a load wrote. */
  | { type: 'query'; id: number; text: string; params: unknown[] }
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
  | { type: 'timed'; id: number; ms: number; cpuMicros: number }
  | { type: 'seeded'; id: number; seconds: number }
  | { type: 'rows'; id: number; rows: Record<string, unknown>[] }
  | { type: 'failed'; id: number | null; message: string }
