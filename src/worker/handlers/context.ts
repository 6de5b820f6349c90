/**
 * What the worker's request handlers share: the open session, its run, the person's files,
 * sharing, the terminal and the session lane (session-lane.ts). session-controller.ts builds it
 * once; each handler file takes what its area needs.
 */
import type { LanguageModel } from '../../model/types';
import type { AppError } from '../../shared/errors';
import type { LoopscopeDb } from '../../store/db';
import type { SessionRecord } from '../../store/types';
import type { Answer, RequestOf, RequestType, SessionTarget, WorkerEvent, WorkerSettings } from '../protocol';
import type { SessionLane } from '../session/session-lane';
import type { SessionRuntime } from '../session/session-runtime';
import type { OpenerParts } from '../session/session-opener';


/** Admitted into the session a request names, `started` is what its start returned. */
export type Admitted<T> = { error: AppError } | { started: T };

/** The parts the controller wires together, which the session opener uses too. */
export type ControllerParts = Omit<OpenerParts, 'ownership'>;

export interface ControllerContext extends ControllerParts {
  db: LoopscopeDb;
  post(event: WorkerEvent): void;
  setSettings(settings: WorkerSettings): void;
  /** The open session (null from the moment a switch leaves one until the next is loaded). */
  runtime(): SessionRuntime | null;
  setRuntimeSession(session: SessionRecord): void;
  lane: SessionLane;
  sessions: {
    open(session: SessionRecord, steal?: boolean): Promise<void>;
    /** The session with this id, else the newest, else a new one. */
    openById(sessionId?: string): Promise<void>;
    openNew(sessionId?: string): Promise<void>;
  };
  chooseModel(model: LanguageModel): void;
  /**
   * Starts work in the session `target` names, once every switch asked for before the request
   * ended (session-lane.ts), refused with why when that session is not open (deleted, or left)
   * or may not be changed here (another tab has it, it is shared).
   */
  admit<T>(type: RequestType, target: SessionTarget, start: (runtime: SessionRuntime) => T): Promise<Admitted<T>>;
  /** Why a request of this type may not change the open session now (another tab has it, it is shared), else undefined. */
  refusal(type: RequestType, runtime: SessionRuntime | null): AppError | undefined;
}

export type Handler<K extends RequestType> = (request: RequestOf<K>, context: ControllerContext) => Promise<Answer<K>>;

/** Handlers for some request types (one area's). */
export type HandlerTable<K extends RequestType> = { [T in K]: Handler<T> };
