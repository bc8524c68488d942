-- The MeasureIt search's zip list (decision 048): statistics on the five-digit zip with the branch,
-- which the search filters by (`left(zip, 5) in (…)`) and PostgreSQL had no statistics for. Without them it guessed
-- that a branch's three zips held 200 properties, fewer than a page of 500, and so read and sorted all the branch's
-- matches (8,817 of 36,618 index entries, 13,376 buffers, 7 ms) where walking the sort's index stops after the page
-- (88 buffers, 0.7 ms). Analysed at once so that a database already loaded plans with them.
CREATE STATISTICS IF NOT EXISTS measured_properties_branch_zip5_stats (mcv, dependencies)
  ON branchno, (left(zip, 5)) FROM measured_properties;
--> statement-breakpoint
ANALYZE measured_properties;
