/**
 * The panel's whole stylesheet as text, injected by the panel itself in a <style>:
 * no bundler CSS set-up in the host, and nothing of the explorer's global styles.
 */
import mockControlsCss from '../features/mock-controls/mock-controls.css?inline'
import networkLogCss from '../features/network-log/network-log.css?inline'
import copyAsCss from '../features/snippets/copy-as.css?inline'
import panelHeadingCss from '../components/panel-heading.css?inline'
import panelCss from './panel.css?inline'

export const PANEL_CSS = [panelCss, panelHeadingCss, networkLogCss, copyAsCss, mockControlsCss].join('\n')
