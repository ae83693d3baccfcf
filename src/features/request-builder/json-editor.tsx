import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete'
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { json, jsonParseLinter } from '@codemirror/lang-json'
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language'
import { type Diagnostic, linter, lintGutter } from '@codemirror/lint'
import { EditorState, Prec } from '@codemirror/state'
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view'
import { tags } from '@lezer/highlight'
import { useEffect, useRef } from 'react'
import type * as z from 'zod'
import { schemaHints } from './schema-hints.ts'

export interface JsonEditorProps {
  value: string
  onChange: (value: string) => void
  onSubmit: () => void
  schema: z.ZodType | null
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

/** The JSON body editor (CodeMirror 6): highlighting, syntax errors and schema hints inline. */
export default function JsonEditor({ value, onChange, onSubmit, schema, label }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const latest = useRef({ onChange, onSubmit, schema })
  latest.current = { onChange, onSubmit, schema }

  useEffect(() => {
    const syntax = jsonParseLinter()
    const lint = linter((editor): Diagnostic[] => {
      const errors = syntax(editor)
      if (errors.length > 0 || !latest.current.schema) return errors
      return schemaHints(editor.state.doc.toString(), latest.current.schema).map((hint) => ({
        ...hint,
        severity: 'warning',
        source: 'schema',
      }))
    }, { delay: 300 })
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => (latest.current.onSubmit(), true) }])),
          lineNumbers(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          json(),
          syntaxHighlighting(highlight),
          lint,
          lintGutter(),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = created
    return () => {
      created.destroy()
      view.current = null
    }
    // The editor is created once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const editor = view.current
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } })
    }
  }, [value])

  return <div className="json-editor" ref={host} />
}
