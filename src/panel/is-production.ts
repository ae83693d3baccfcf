/**
 * Whether the host app is a production build, by Vite's `import.meta.env.PROD`.
 * A host without `import.meta.env` (not built by Vite) counts as not production:
 * it guards the mount itself. The package build must keep this expression as written
 * (not replace it with its own value), so the host's bundler decides.
 */
export function isProductionBuild(): boolean {
  try {
    return import.meta.env.PROD === true
  } catch {
    return false
  }
}
