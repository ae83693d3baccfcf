/**
 * The panel's whole stylesheet as text, injected by the panel itself in a <style>:
 * no bundler CSS set-up in the host, and nothing of the explorer's global styles.
 */
import middleEllipsisCss from '../components/middle-ellipsis.css?inline'
import panelHeadingCss from '../components/panel-heading.css?inline'
import mockControlsCss from '../features/mock-controls/mock-controls.css?inline'
import networkLogCss from '../features/network-log/network-log.css?inline'
import driftCss from '../features/real-service/drift.css?inline'
import scenariosCss from '../features/scenarios/scenarios.css?inline'
import copyAsCss from '../features/snippets/copy-as.css?inline'
import tokensCss from '../styles/tokens.css?inline'
import panelCss from './panel.css?inline'

/** The explorer's design tokens declared on the panel's root, so the host page's own `:root` keeps its tokens. */
export const scopeTokens = (css: string) => css.replaceAll(':root', '.apm-root')

// The tokens come after panel.css: its `all: initial` would otherwise reset their `color-scheme`.
export const PANEL_CSS = [
  panelCss,
  scopeTokens(tokensCss),
  panelHeadingCss,
  middleEllipsisCss,
  networkLogCss,
  copyAsCss,
  mockControlsCss,
  scenariosCss,
  driftCss,
].join('\n')
