import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { hashAdminSecret } from './build/admin-secret.ts'

export default defineConfig(() => {
  const adminSecretHash = hashAdminSecret(process.env, (message) =>
    console.warn(`\n⚠ ${message}\n`),
  )
  return {
    plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    define: {
      __ADMIN_SECRET_HASH__: JSON.stringify(adminSecretHash),
    },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  }
})
