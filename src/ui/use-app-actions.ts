/**
 * The page shell's requests to the worker (app.tsx, workspace-panes.tsx): the approval mode, the
 * Sessions list (New, Open, Rename, Delete), and what Settings asks (Free up space, Connect an
 * MCP server). Each area of the page has one such hook (use-*-actions.ts); components call it or
 * get its actions, and never the worker client themselves (eslint.config.js).
 */
import { useMemo } from 'react';
import type { ApprovalMode } from '../agent/types';
import type { McpServerSetting } from '../shared/mcp';
import type { WorkerClient } from '../worker/client';

export type AppActions = ReturnType<typeof useAppActions>;

/** `sessionId`: the session on screen. */
export function useAppActions(client: WorkerClient, sessionId: string | null) {
  return useMemo(
    () => ({
      setApprovalMode: (mode: ApprovalMode) => client.send({ type: 'set-approval-mode', sessionId: client.sessionTarget(sessionId), mode }),
      freeSpace: () => client.request({ type: 'free-space' }),
      connectMcp: (server: McpServerSetting) => client.request({ type: 'mcp-connect', server }),
      /** The Sessions list's actions, by the names SessionsList takes. */
      sessions: {
        onNew: () => client.send({ type: 'new-session' }),
        onOpen: (id: string) => client.send({ type: 'open-session', sessionId: id }),
        onRename: (id: string, title: string) => client.send({ type: 'rename-session', sessionId: id, title }),
        onDelete: (id: string) => client.send({ type: 'delete-session', sessionId: id }),
      },
    }),
    [client, sessionId],
  );
}
