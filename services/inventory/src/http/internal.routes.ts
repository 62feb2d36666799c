import type { Router } from 'express';
import {
  DeductStockSchema,
  INTERNAL_STOCK_PATHS,
  ReceiveStockSchema,
  ReleaseStockSchema,
  ReserveStockSchema,
  StockMovesSchema,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { StockModuleCommands } from '../stock.module';

/** /internal/v1: the stock moves other services make (see stock-internal.ts in contracts). */
export function internalRoutes(router: Router, { internal }: StockModuleCommands): void {
  router.post(INTERNAL_STOCK_PATHS.reserve, async (req, res) => {
    res.status(201).json(await internal.reserve(orgIdOf(req), bodyOf(req, ReserveStockSchema)));
  });
  router.post(INTERNAL_STOCK_PATHS.release, async (req, res) => {
    res.status(201).json(await internal.release(orgIdOf(req), bodyOf(req, ReleaseStockSchema)));
  });
  router.post(INTERNAL_STOCK_PATHS.receive, async (req, res) => {
    res.status(201).json(await internal.receive(orgIdOf(req), bodyOf(req, ReceiveStockSchema)));
  });
  router.post(INTERNAL_STOCK_PATHS.deduct, async (req, res) => {
    res.status(201).json(await internal.deduct(orgIdOf(req), bodyOf(req, DeductStockSchema)));
  });
  router.post(INTERNAL_STOCK_PATHS.moves, async (req, res) => {
    res.status(200).json({ data: await internal.moves(orgIdOf(req), bodyOf(req, StockMovesSchema).moves) });
  });
}
