-- Chart preferences (investing.md "Charts", 3, 4 "Chart", 7): what each of a client's four chart slots shows, as the
-- contract's SavedChart (packages/domain/src/contract/chart.ts) after its zod parse, one JSONB column a part, so
-- GetChartPreferences answers exactly what ChartPreferences saved. One row per client and slot; a save replaces it.
CREATE TABLE chart_preferences (
  client_id   BIGINT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  chart_id    TEXT NOT NULL CHECK (chart_id IN ('1', '2', '3', '4')),
  -- layout (chart type, crosshair, studies, comparison symbols), span and periodicity
  preference  JSONB NOT NULL,
  -- the main symbol object, an instrument of the market when saved
  sym_obj     JSONB NOT NULL,
  -- horizontal and trend lines; prices as decimal strings
  drawings    JSONB NOT NULL,
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, chart_id)
);
