import { defineConfig, mergeConfig } from 'vitest/config'
import unitConfig from './vitest.config.ts'

/** The unit config's alias, define and fake-indexeddb setup, for benchmarks only (`npm run bench`). */
export default mergeConfig(
  unitConfig,
  defineConfig({
    test: {
      benchmark: { include: ['bench/**/*.bench.ts'] },
    },
  }),
)
