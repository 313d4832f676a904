export const SERVER_MAIN: string
export function bundleServer(options: { root: string; outDir: string }): Promise<string>
export function serverNodeArgs(main: string): string[]
