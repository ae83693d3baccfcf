/**
 * `serve --data FILE`: what users create, kept in an SQLite file through Node's built-in
 * `node:sqlite`. Each record is committed (WAL, synchronous=FULL) before the create is
 * answered; writes that arrive together share one transaction. The file is locked for
 * this process alone. See docs/decisions/032-http-mode-data-file.md.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { type Category, createStore, type Persistence } from '../mocks/index.ts'

// "APMK": marks the file as this tool's, so another SQLite database is never taken over.
const APPLICATION_ID = 0x41504d4b
const FORMAT = 1

/** Why a data file cannot be used; `serve` prints the message and exits 1. */
export class DataFileError extends Error {
  override name = 'DataFileError'
}

interface Write {
  run: () => void
  resolve: () => void
  reject: (error: unknown) => void
}

/** Refuses a file that is not this tool's; reads only, so a refused file is left as it was. */
function checkIdentity(db: DatabaseSync, path: string): void {
  const id = (db.prepare('PRAGMA application_id').get() as { application_id: number }).application_id
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version
  const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number }).n
  if (id !== APPLICATION_ID && (id !== 0 || tables > 0))
    throw new DataFileError(
      `${path} is an SQLite database of another program; give a new file or one serve --data made`,
    )
  if (version > FORMAT)
    throw new DataFileError(
      `${path} was written by a newer artefact-preview-mock (format ${version}); upgrade, or give another file`,
    )
}

/** `failed` ('open' or 'use') as a `DataFileError`; a lock another process holds says so. */
function asDataFileError(path: string, error: unknown, failed: 'open' | 'use'): DataFileError {
  if (error instanceof DataFileError) return error
  const message = error instanceof Error ? error.message : String(error)
  return new DataFileError(
    /locked|busy/i.test(message)
      ? `${path} is in use by another process (one server per data file)`
      : `cannot ${failed} ${path}: ${message}`,
  )
}

function open(path: string): DatabaseSync {
  let db: DatabaseSync
  try {
    db = new DatabaseSync(path, { timeout: 0 })
    db.exec('PRAGMA locking_mode = EXCLUSIVE')
    // Takes the lock now, before anything is written: a second server on the same file stops here.
    db.exec('BEGIN IMMEDIATE')
  } catch (error) {
    throw asDataFileError(path, error, 'open')
  }
  try {
    // Checked before the journal mode changes: switching to WAL rewrites the file's header.
    checkIdentity(db, path)
    db.exec('COMMIT')
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA synchronous = FULL')
    db.exec(`
      BEGIN IMMEDIATE;
      CREATE TABLE IF NOT EXISTS artefact (id TEXT PRIMARY KEY, record TEXT NOT NULL) STRICT;
      CREATE TABLE IF NOT EXISTS category (id INTEGER PRIMARY KEY, record TEXT NOT NULL) STRICT;
      PRAGMA application_id = ${APPLICATION_ID};
      PRAGMA user_version = ${FORMAT};
      COMMIT;
    `)
  } catch (error) {
    db.close()
    throw asDataFileError(path, error, 'use')
  }
  return db
}

/** Rows as the store expects them; a row that is not JSON becomes a stub the store reports by its id. */
function rows(statement: StatementSync, stub: (id: unknown) => unknown): unknown[] {
  return (statement.all() as Array<{ id: unknown; record: string }>).map((row) => {
    try {
      return JSON.parse(row.record)
    } catch {
      return stub(row.id)
    }
  })
}

/**
 * Opens (or creates) a data file and returns its Persistence.
 * @example
 * const data = openDataFile('mock.db')
 * const store = createStore({ persistence: data.persistence })
 */
export function openDataFile(path: string) {
  const db = open(path)
  // Plain inserts: a record is never overwritten, so a clash fails its create instead of losing another.
  const insertArtefact = db.prepare('INSERT INTO artefact (id, record) VALUES (?, ?)')
  const insertCategory = db.prepare('INSERT INTO category (id, record) VALUES (?, ?)')
  // The file's categories as they will be once the queue is written; the file is this process's alone.
  let categories = rows(db.prepare('SELECT id, record FROM category ORDER BY id'), (id) => ({ id }))
  let queue: Write[] = []
  let closed = false

  const transaction = (writes: Write[]) => {
    db.exec('BEGIN IMMEDIATE')
    try {
      for (const write of writes) write.run()
      db.exec('COMMIT')
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK')
      throw error
    }
  }
  // Group commit: every write of one turn of the event loop in one transaction, one fsync.
  const flush = () => {
    const batch = queue
    queue = []
    if (batch.length === 0) return
    try {
      transaction(batch)
      for (const write of batch) write.resolve()
    } catch {
      // One bad write must not fail the others: each alone, in its own transaction.
      for (const write of batch) {
        try {
          transaction([write])
          write.resolve()
        } catch (error) {
          write.reject(error)
        }
      }
    }
  }
  const enqueue = (run: () => void) =>
    new Promise<void>((resolve, reject) => {
      if (closed) throw new Error(`data file ${path} is closed`)
      if (queue.length === 0) setImmediate(flush)
      queue.push({ run, resolve, reject })
    })
  // Held in `categories` at once, so a create in the same tick sees its id and name; let go if the write fails.
  const putCategory = async (category: Category) => {
    categories.push(category)
    try {
      await enqueue(() => insertCategory.run(category.id, JSON.stringify(category)))
    } catch (error) {
      categories = categories.filter((held) => held !== category)
      throw error
    }
  }

  const persistence: Persistence = {
    name: `SQLite file ${path}`,
    async load() {
      return {
        categories: [...categories],
        artefacts: rows(db.prepare('SELECT id, record FROM artefact ORDER BY rowid'), (id) => ({ artefact: { id } })),
      }
    },
    putArtefact: ({ key, json }) => enqueue(() => insertArtefact.run(key, json)),
    putCategory,
    // The id is chosen at once, before any other create can ask: concurrent creates never share one.
    async allocateCategory(choose) {
      const category = choose([...categories])
      if (category) await putCategory(category)
      return category
    },
    async clear() {
      await enqueue(() => {
        db.exec('DELETE FROM artefact')
        db.exec('DELETE FROM category')
      })
      categories = []
    },
  }

  const countOf = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
  return {
    persistence,
    /** Records in the file now (the data set is never written). */
    counts: () => ({ artefacts: countOf('artefact'), categories: countOf('category') }),
    /** Writes what is queued, then closes the file. */
    close() {
      if (closed) return
      flush()
      closed = true
      db.close()
    },
  }
}

/**
 * A store over a data file, loaded and checked before it returns. The store answers a
 * create whose write failed 503 (`StorageFailed`), so nothing answered 200 or 201 is
 * missing after a restart.
 * @example
 * const data = await openDataStore('mock.db')
 * const server = await startHttpServer({ control: createControl({ store: data.store }) })
 */
export async function openDataStore(path: string) {
  const file = openDataFile(path)
  const store = createStore({ persistence: file.persistence })
  await store.ready
  const health = store.getSnapshot().health
  if (health.lastError) {
    file.close()
    throw new DataFileError(`cannot load ${path}: ${health.lastError}`)
  }
  return { store, close: file.close, loaded: { ...file.counts(), skipped: health.skipped } }
}
