-- A web database made by binokel 0.1 (main before schema versioning): Store + TableManager,
-- table 6RkEkMMb with 12 actions (seed main-dump-1), table x4FSP4g5 waiting for players.
-- Seat tokens of 6RkEkMMb: 0 oOyrwrJwUj5RvooIm9R95KS4DQ1ZItOp 1 lrn2Ongr4BOmL3XUzWqTHyGWLeYH1U3e 2 v4EovMVXbCP4vREQwHvv_10Ibpr7caA5
-- Made with sqlite3 iterdump (tests/web/test_migrations.py loads it).
BEGIN TRANSACTION;
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
INSERT INTO "actions" VALUES('6RkEkMMb',0,2,'160',1.79612508526920890811e+09);
INSERT INTO "actions" VALUES('6RkEkMMb',1,1,'170',1.79612508526936626431e+09);
INSERT INTO "actions" VALUES('6RkEkMMb',2,2,'pass',1.79612508526947498325e+09);
INSERT INTO "actions" VALUES('6RkEkMMb',3,0,'180',1.79612508526957416529e+09);
INSERT INTO "actions" VALUES('6RkEkMMb',4,1,'pass',1.79612508526972222333e+09);
INSERT INTO "actions" VALUES('6RkEkMMb',5,0,'lay A♦',1.79612508526992201802e+09);
INSERT INTO "actions" VALUES('6RkEkMMb',6,0,'lay J♣',1.79612508527007126808e+09);
INSERT INTO "actions" VALUES('6RkEkMMb',7,0,'out ♦',1.7961250852704846859e+09);
INSERT INTO "actions" VALUES('6RkEkMMb',8,0,'pass',1.79612508527061104767e+09);
INSERT INTO "actions" VALUES('6RkEkMMb',9,1,'pass',1.79612508527074503901e+09);
INSERT INTO "actions" VALUES('6RkEkMMb',10,2,'lay K♥',1.79612508527087092399e+09);
INSERT INTO "actions" VALUES('6RkEkMMb',11,2,'lay K♦',1.7961250852709782123e+09);
CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    bot TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
INSERT INTO "seats" VALUES('6RkEkMMb',0,'human','Anna',NULL,'36719d16383cd79f5e883334e31d9dc02ee704936a644063b8bb0af8b00ed27c');
INSERT INTO "seats" VALUES('6RkEkMMb',1,'human','Bert',NULL,'41b346984c764dd909aa05b98dcf88ad74806b391cb60fc4be87d7972abf7146');
INSERT INTO "seats" VALUES('6RkEkMMb',2,'human','Cora',NULL,'d5f8d2605b78766656883f0e10a410114e9f3cddb8a88733ad9d9d6b7ad3b60e');
INSERT INTO "seats" VALUES('x4FSP4g5',0,'open','',NULL,NULL);
INSERT INTO "seats" VALUES('x4FSP4g5',1,'open','',NULL,NULL);
INSERT INTO "seats" VALUES('x4FSP4g5',2,'open','',NULL,NULL);
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    updated REAL NOT NULL,
    status TEXT NOT NULL,
    creator_seat INTEGER,
    cancel_hash TEXT
);
INSERT INTO "tables" VALUES('6RkEkMMb','binokel','binokel','main-dump-1','from main',1.7961250852278125286e+09,1.7961250852709782123e+09,'playing',0,'b8209f88a385a7ad34ba6c795f30314bd29f69e6dc1c55181ab060f45855ae70');
INSERT INTO "tables" VALUES('x4FSP4g5','binokel','binokel','main-dump-2','',1.79612508527136874193e+09,1.79612508527136874193e+09,'playing',NULL,'35a6a1bd3af07bab2d6a8c976fe56d733667ff37c09abbe6ae690515b75fc099');
CREATE INDEX tables_status ON tables(status);
COMMIT;
