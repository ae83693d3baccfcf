import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete'
import { defaultKeymap, history, historyKeymap, isolateHistory } from '@codemirror/commands'
import { json, jsonParseLinter } from '@codemirror/lang-json'
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language'
import { type Diagnostic, forceLinting, linter, lintGutter } from '@codemirror/lint'
import { EditorState, Prec } from '@codemirror/state'
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view'
import { tags } from '@lezer/highlight'
import { useEffect, useLayoutEffect, useRef } from 'react'

export interface JsonEditorProps {
  /** Which document this is (the operation): each keeps its own text and undo history. */
  docKey: string
  value: string
  onChange: (value: string) => void
  onSubmit: () => void
  /** Warnings beyond the syntax (schema, data-set rules), each with its place in the text. */
  lint: (text: string) => Diagnostic[]
  label: string
}

// Colours come from CSS custom properties, so one style serves the light and the dark theme.
const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--syntax-key)' },
  { tag: tags.string, color: 'var(--syntax-string)' },
  { tag: tags.number, color: 'var(--syntax-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--syntax-keyword)' },
  { tag: tags.invalid, color: 'var(--bad)' },
])

/**
 * One editor is on the page at a time; its states outlive it. A state's extensions
 * call through this bridge, so a state kept from an earlier editor reaches the current props.
 */
const bridge: Pick<JsonEditorProps, 'onChange' | 'onSubmit' | 'lint' | 'label'> = {
  onChange: () => {},
  onSubmit: () => {},
  lint: () => [],
  label: '',
}

/** Each document's last state, undo history included, for as long as the page lives. */
const saved = new Map<string, EditorState>()

function createState(doc: string): EditorState {
  const syntax = jsonParseLinter()
  const lint = linter(
    (editor): Diagnostic[] => {
      const errors = syntax(editor)
      return errors.length > 0 ? errors : bridge.lint(editor.state.doc.toString())
    },
    { delay: 300 },
  )
  return EditorState.create({
    doc,
    extensions: [
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              bridge.onSubmit()
              return true
            },
          },
        ]),
      ),
      lineNumbers(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      highlightActiveLine(),
      EditorView.lineWrapping,
      json(),
      syntaxHighlighting(highlight),
      lint,
      lintGutter(),
      keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap]),
      // tabindex on the (already focusable) content: axe counts only it as the focusable part of the
      // scrolling region (scrollable-region-focusable), and it adds no tab stop.
      EditorView.contentAttributes.of({ 'aria-label': bridge.label, 'aria-multiline': 'true', tabindex: '0' }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) bridge.onChange(update.state.doc.toString())
      }),
    ],
  })
}

/** The document's kept state; a text that changed meanwhile (a replay) arrives as an edit, so undo brings the old one back. */
function restore(key: string, value: string): EditorState {
  const state = saved.get(key)
  if (!state) return createState(value)
  if (state.doc.toString() === value) return state
  return state.update(replaceAll(state, value)).state
}

/** A whole new text from outside (a replay, Insert example, Format): one undo step of its own. */
const replaceAll = (state: EditorState, value: string) => ({
  changes: { from: 0, to: state.doc.length, insert: value },
  annotations: isolateHistory.of('full'),
})

/** The JSON body editor (CodeMirror 6): highlighting, wrapping, syntax errors and the mock's hints inline. */
export default function JsonEditor({ docKey, value, onChange, onSubmit, lint, label }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const key = useRef(docKey)

  useLayoutEffect(() => {
    Object.assign(bridge, { onChange, onSubmit, lint, label })
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once; later keys and values arrive through the effects below.
  useEffect(() => {
    const parent = host.current
    if (!parent) return
    bridge.label = label
    const created = new EditorView({ parent, state: restore(key.current, value) })
    view.current = created
    return () => {
      saved.set(key.current, created.state)
      created.destroy()
      view.current = null
    }
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new key swaps the document.
  useEffect(() => {
    const editor = view.current
    if (!editor || key.current === docKey) return
    saved.set(key.current, editor.state)
    key.current = docKey
    editor.setState(restore(docKey, value))
  }, [docKey])

  useEffect(() => {
    const editor = view.current
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch(replaceAll(editor.state, value))
    }
  }, [value])

  // New findings (the store changed, a category was made) show without an edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new lint function is the signal to lint again.
  useEffect(() => {
    if (view.current) forceLinting(view.current)
  }, [lint])

  return <div className="json-editor" ref={host} />
}
