import { defineConfig } from 'drizzle-kit'

/** `npm run db:generate` writes the next SQL migration from the server's schema files. */
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/money-schema.ts',
    './server/db/oversight-schema.ts',
    './server/db/ai-schema.ts',
    './server/db/mail-schema.ts',
  ],
  out: './server/db/migrations',
})
