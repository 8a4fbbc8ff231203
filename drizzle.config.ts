import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Declared resources define their table next to their declaration (server/db/resourceTable.ts).
  schema: ['./server/db/schema.ts', './server/modules/*/*.resource.ts'],
  out: './server/db/migrations',
});
